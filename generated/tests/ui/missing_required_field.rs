// `ErrorDetail` requires `code` and `message`; `message` is never set.
use envgen_goldens::response_envelope::ErrorDetail;

fn main() {
    let _ = ErrorDetail::builder().code("NOT_FOUND").build();
}

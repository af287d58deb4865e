// `ErrorDetail` requires `code` and `message`; `message` is never set.
use envgen_builders_ui::response_envelope::ErrorDetail;

fn main() {
    let _ = ErrorDetail::builder().code("NOT_FOUND").build();
}

// `Redirect` requires `command` and `permanent`; neither is set, and the first missing
// one is reported.
use envgen_builders_ui::response_envelope::Redirect;

fn main() {
    let _ = Redirect::builder().build();
}

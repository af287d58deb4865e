// A ToolResponse without its `status`.
use envgen_builders_ui::tool_response::{ToolContext, ToolResponse, ToolStats};

fn main() {
    let _ = ToolResponse::<serde_json::Value>::builder()
        .data(serde_json::json!({}))
        .text("ok")
        .stats(ToolStats::builder().time_ms(1.0).build().unwrap())
        .context(ToolContext::builder().cwd("/p").params_input("{}").build().unwrap())
        .build();
}

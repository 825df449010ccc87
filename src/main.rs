//! The `schachwerk` command-line tool: perft, legal actions, playing a line, and benchmarks.

mod cli;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args) {
        Ok(output) => cli::write_out(&output),
        Err(message) => {
            cli::write_err(&format!("error: {message}\n"));
            std::process::exit(1);
        }
    }
}

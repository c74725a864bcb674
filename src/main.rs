//! The `tabula` binary: see [`tabula::cli`].

fn main() -> std::process::ExitCode {
    tabula::cli::main()
}

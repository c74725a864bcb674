//! The `tabula` binary: see [`tabula::cli`].

fn main() -> std::process::ExitCode {
    // Rust ignores SIGPIPE, so writing to a closed pipe (`tabula moves ... |
    // head -1`) would panic; like other Unix tools, stop quietly instead.
    #[cfg(unix)]
    // SAFETY: restoring a signal's default action before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    tabula::cli::main()
}

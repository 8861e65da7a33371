//! Embeds every `.cosmic` content file under this crate into the binary: the built-in library.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    // A new file changes its directory, so every directory is watched.
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "src" && n != "target")
            {
                collect(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "cosmic") {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut code = String::from("/// Every built-in content file: its path inside `cards/` and its text.\npub const SOURCES: &[(&str, &str)] = &[\n");
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let _ = writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            f.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("sources.rs");
    std::fs::write(out, code).expect("write the list of sources");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
}

//! `docs/scale.md` runs a sharded simulation as a Kubernetes Indexed Job and as a Slurm job
//! array. This test takes the page's shard and merge scripts as printed (the pod commands
//! from the manifests, the sbatch scripts), plays them here with a small game count and the
//! variables the batch systems would set, and checks that each merge equals the unsharded
//! run, and that the shard count the scripts use matches the Job's and the array's.

use std::path::Path;
use std::process::Command;

const PAGE: &str = include_str!("../../docs/scale.md");

/// The page's fenced blocks of `language`.
fn blocks(language: &str) -> Vec<String> {
    let fence = format!("```{language}\n");
    PAGE.split(fence.as_str())
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap_or("").to_string())
        .collect()
}

/// The literal shell script of a manifest (the block under `- |`, dedented).
fn pod_script(manifest: &str) -> String {
    let lines: Vec<&str> = manifest.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "- |")
        .expect("a pod script");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let body: Vec<&str> = lines[start + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > indent(lines[start]))
        .copied()
        .collect();
    let depth = body
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    body.iter()
        .map(|l| l.get(depth..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value after `key` on the first line of `text` that holds it.
fn value_after<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.split_once(key).map(|(_, v)| v))
        .unwrap_or_else(|| panic!("no {key}"))
        .trim()
}

/// Runs `script` with a small game count, `cosmic` on the path and `env`; asserts success.
fn run(script: &str, env: &[(&str, String)]) {
    let script = script.replace("--games 1000000", "--games 40");
    assert!(
        script.contains("--games 40") || !script.contains("--games"),
        "{script}"
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_cosmic"))
        .parent()
        .expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .env("PATH", path)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A `sim --json` document without what depends on the machine and the split.
fn results(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let o = v.as_object_mut().expect("an object");
    for key in [
        "elapsed_seconds",
        "games_per_second",
        "events_per_second",
        "threads",
        "merged_shards",
    ] {
        o.remove(key);
    }
    v
}

fn single_run() -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args([
            "sim",
            "--games",
            "40",
            "--players",
            "5",
            "--seed",
            "42",
            "--fingerprint",
            "--matrix",
            "--json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    results(&String::from_utf8_lossy(&out.stdout))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cosmic-scale-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn the_kubernetes_indexed_job_merges_into_the_single_run() {
    let yaml = blocks("yaml");
    let job = yaml
        .iter()
        .find(|m| m.contains("completionMode: Indexed"))
        .expect("the Indexed Job");
    let merge = yaml
        .iter()
        .find(|m| m.contains("cosmic sim merge"))
        .expect("the merge Job");
    let shards: u64 = value_after(job, "completions:")
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("completions");
    let env_shards = job
        .split("- name: SHARDS")
        .nth(1)
        .map(|rest| value_after(rest, "value:"))
        .expect("SHARDS");
    assert!(
        env_shards.starts_with(&format!("\"{shards}\"")),
        "SHARDS {env_shards} is not completions {shards}"
    );
    let run_dir = temp_dir("k8s").join("seed-42");
    let run_env = ("RUN", run_dir.display().to_string());
    for k in 0..shards {
        run(
            &pod_script(job),
            &[
                run_env.clone(),
                ("SHARDS", shards.to_string()),
                ("JOB_COMPLETION_INDEX", k.to_string()),
            ],
        );
    }
    run(&pod_script(merge), &[run_env]);
    let merged = std::fs::read_to_string(run_dir.join("merged.json")).expect("merged");
    assert_eq!(results(&merged), single_run());
    assert!(run_dir.join("report.html").exists());
}

#[test]
fn the_slurm_job_array_merges_into_the_single_run() {
    let sh = blocks("sh");
    let shards_script = sh
        .iter()
        .find(|b| b.contains("#SBATCH --array"))
        .expect("the array script");
    let merge_script = sh
        .iter()
        .find(|b| b.contains("#SBATCH") && b.contains("cosmic sim merge"))
        .expect("the merge script");
    let array = value_after(shards_script, "#SBATCH --array=");
    let shards: u64 = value_after(shards_script, "SHARDS=")
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("SHARDS=N");
    assert_eq!(array, format!("0-{}", shards - 1), "the array and SHARDS");
    let run_dir = temp_dir("slurm").join("seed-42");
    let run_env = ("RUN", run_dir.display().to_string());
    for k in 0..shards {
        run(
            shards_script,
            &[
                run_env.clone(),
                ("SLURM_ARRAY_TASK_ID", k.to_string()),
                ("SLURM_CPUS_PER_TASK", "1".to_string()),
            ],
        );
    }
    run(merge_script, &[run_env]);
    let merged = std::fs::read_to_string(run_dir.join("merged.json")).expect("merged");
    assert_eq!(results(&merged), single_run());
}

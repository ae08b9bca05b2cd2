#!/usr/bin/env python3
"""Checks the Kubernetes recipe (examples/cluster/count-job.yaml, merge-job.yaml, Dockerfile) as
Kubernetes reads it, then runs its commands here. There is no cluster in the test: nothing here
says the Job ran on one.

    TESSERA_CLI=target/ci/tessera scripts/test-k8s-job.py

1. Parses both files with PyYAML (python3-yaml) and checks the fields the scheduler reads: an
   Indexed Job whose completions equal the PARTS the command and the merge use, a parallelism
   within them, restartPolicy Never, a per-index backoff; the index taken from
   JOB_COMPLETION_INDEX; an init container that creates the folders the command writes into,
   before it runs; every /data path of every command under a volumeMount of its container, and
   every mount a volume of the pod; the image the one examples/cluster/Dockerfile is documented to
   build, and that Dockerfile installing `tessera` on the PATH.
2. Runs the init container's command and the count's shell command for every index (/data
   replaced by a temporary folder, `tessera` being TESSERA_CLI), then the merge Job's command,
   and checks the total against a plain `tessera xc count` of queens 8; with a `tessera` that has
   `xc plan`, a second time with /data/plan.json.
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CLUSTER = ROOT / "examples" / "cluster"


def fail(message):
    print(f"test-k8s-job: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def only_job(name):
    documents = [d for d in yaml.safe_load_all((CLUSTER / name).read_text()) if d]
    check(len(documents) == 1, f"{name}: one document expected, found {len(documents)}")
    job = documents[0]
    check(job.get("apiVersion") == "batch/v1" and job.get("kind") == "Job", f"{name}: not a batch/v1 Job")
    return job


def env_of(container):
    return {e["name"]: str(e["value"]) for e in container.get("env", []) if "value" in e}


def script_of(container):
    """The container's command as one shell text, and whether it runs through a shell."""
    command = container.get("command", []) + container.get("args", [])
    if command[:2] == ["/bin/sh", "-c"]:
        check(len(command) == 3, f"{container['name']}: sh -c takes one script")
        return command[2], True
    return " ".join(shlex.quote(c) for c in command), False


def check_paths_mounted(pod, container):
    mounts = {m["name"]: m["mountPath"] for m in container.get("volumeMounts", [])}
    volumes = {v["name"] for v in pod.get("volumes", [])}
    for name in mounts:
        check(name in volumes, f"{container['name']}: mounts {name}, which is no volume of the pod")
    text, _ = script_of(container)
    for path in re.findall(r"/data[\w./${}-]*", text):
        check(
            any(path == m or path.startswith(m.rstrip("/") + "/") for m in mounts.values()),
            f"{container['name']}: {path} is under no volumeMount ({mounts})",
        )
    return mounts


def check_image(container, image):
    check(container.get("image") == image, f"{container['name']}: image {container.get('image')}, not {image}")


def main():
    dockerfile = (CLUSTER / "Dockerfile").read_text()
    tag = re.search(r"docker build -f examples/cluster/Dockerfile -t (\S+) \.", dockerfile)
    check(tag, "the Dockerfile does not say how it is built (docker build ... -t IMAGE .)")
    image = tag.group(1)
    check(
        re.search(r"^COPY --from=\S+ \S+/tessera /usr/local/bin/tessera$", dockerfile, re.M),
        "the Dockerfile does not install tessera in /usr/local/bin",
    )
    check("cargo build --release --locked -p tessera-cli" in dockerfile, "the Dockerfile does not build tessera-cli")

    count = only_job("count-job.yaml")
    spec = count["spec"]
    pod = spec["template"]["spec"]
    check(spec.get("completionMode") == "Indexed", "count-job.yaml: completionMode is not Indexed")
    completions = spec["completions"]
    check(isinstance(completions, int) and completions >= 1, "count-job.yaml: completions")
    check(1 <= spec.get("parallelism", 1) <= completions, "count-job.yaml: parallelism outside 1..completions")
    check(pod.get("restartPolicy") == "Never", "count-job.yaml: restartPolicy must be Never (backoffLimitPerIndex)")
    check(spec.get("backoffLimitPerIndex", 0) >= 1, "count-job.yaml: no backoffLimitPerIndex: a failed index is not retried")
    (part,) = pod["containers"]
    (init,) = pod["initContainers"]
    for container in (part, init):
        check_image(container, image)
    parts = int(env_of(part)["PARTS"])
    check(parts == completions, f"count-job.yaml: PARTS {parts} but completions {completions}")
    script, shell = script_of(part)
    check(shell, "count-job.yaml: the count runs through /bin/sh -c")
    check("${JOB_COMPLETION_INDEX}" in script, "count-job.yaml: the part is not JOB_COMPLETION_INDEX")
    check('--shard "$i/${PARTS}"' in script, "count-job.yaml: the shard is not INDEX/PARTS")
    check('--plan /data/plan.json --part "$i"' in script, "count-job.yaml: no --plan/--part")
    part_mounts = check_paths_mounted(pod, part)
    init_mounts = check_paths_mounted(pod, init)
    check(init_mounts == part_mounts, "count-job.yaml: the init container mounts other paths than the count")
    init_command = init.get("command", []) + init.get("args", [])
    check(init_command[:2] == ["mkdir", "-p"], "count-job.yaml: the init container does not mkdir -p")
    for folder in set(re.findall(r'"(/data/\w+)/[^"/]*"', script)):
        check(folder in init_command, f"count-job.yaml: {folder} is written but not created first")

    merge = only_job("merge-job.yaml")
    merge_pod = merge["spec"]["template"]["spec"]
    (merger,) = merge_pod["containers"]
    check_image(merger, image)
    check(int(env_of(merger)["PARTS"]) == completions, "merge-job.yaml: PARTS is not count-job.yaml's completions")
    merge_script, _ = script_of(merger)
    check_paths_mounted(merge_pod, merger)
    check(
        merge_pod["volumes"] == pod["volumes"] and merger["volumeMounts"] == part["volumeMounts"],
        "merge-job.yaml: not the count's volume at the same path",
    )
    print(
        f"test-k8s-job: fields ok: Indexed Job of {completions} completions = PARTS, "
        f"JOB_COMPLETION_INDEX, init mkdir {' '.join(init_command[2:])}, mounts {part_mounts}, image {image}"
    )

    cli = os.environ.get("TESSERA_CLI")
    check(cli and os.access(cli, os.X_OK), "set TESSERA_CLI to an executable tessera binary")
    cli = str(Path(cli).resolve())
    problem = ROOT / "crates" / "cli" / "tests" / "data" / "queens8.dlx"
    plain = subprocess.run([cli, "xc", "count", str(problem)], check=True, capture_output=True, text=True).stdout.strip()
    has_plan = subprocess.run([cli, "xc", "plan", "--help"], capture_output=True).returncode == 0
    modes = ["shard", "plan"] if has_plan else ["shard"]
    for mode in modes:
        with tempfile.TemporaryDirectory(prefix="tessera-k8s-") as tmp:
            data, bin_dir = Path(tmp) / "data", Path(tmp) / "bin"
            data.mkdir()
            bin_dir.mkdir()
            (bin_dir / "tessera").symlink_to(cli)
            (data / "problem.dlx").write_bytes(problem.read_bytes())
            here = lambda text: text.replace("/data", str(data))  # noqa: E731
            env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
            if mode == "plan":
                subprocess.run(
                    [cli, "xc", "plan", str(data / "problem.dlx"), "--parts", str(parts), "-o", str(data / "plan.json")],
                    check=True,
                )
            subprocess.run([here(c) for c in init_command], check=True, env=env)
            for index in range(completions):
                run = subprocess.run(
                    ["/bin/sh", "-c", here(script)],
                    env=dict(env, JOB_COMPLETION_INDEX=str(index), **env_of(part)),
                    capture_output=True,
                    text=True,
                )
                check(run.returncode == 0, f"index {index} ({mode}): status {run.returncode}: {run.stderr}")
            run = subprocess.run(
                ["/bin/sh", "-c", here(merge_script)], env=dict(env, **env_of(merger)), capture_output=True, text=True
            )
            check(run.returncode == 0, f"merge ({mode}): status {run.returncode}: {run.stderr}")
            total = run.stdout.strip()
            check(total == plain, f"merge ({mode}): {total}, plain count {plain}")
            check((data / "results" / "total.txt").read_text().strip() == plain, "results/total.txt")
            print(f"test-k8s-job: {completions} indices run here ({mode}), merged: {total} = plain count {plain}")
    if not has_plan:
        print("test-k8s-job: this tessera has no 'xc plan': the --plan branch was not run")
    print("test-k8s-job: all good")


if __name__ == "__main__":
    main()

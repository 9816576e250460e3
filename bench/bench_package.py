"""What a player downloads (issue 29): the wheel's and the sdist's size and file count.

    .venv/bin/python bench/bench_package.py [--out DIR]

Builds the sdist and the wheel (python -m build --no-isolation: setuptools and wheel from the
test extra) from a copy of the checkout's files, as a fresh clone has them, so nothing is
written into the checkout; prints one `pkg NAME VALUE` line per figure. ``--out DIR`` keeps the
two files there (e.g. for `pipx install DIR/comando-*.whl`).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def checkout_copy(dest: str) -> None:
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
                          "--exclude-standard"], capture_output=True, check=True).stdout
    for rel in out.decode().split("\0"):
        if rel and os.path.isfile(os.path.join(ROOT, rel)):
            os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, rel), os.path.join(dest, rel))


def build(src: str, outdir: str) -> tuple:
    """(sdist, wheel) paths: the sdist first, then the wheel built from it (as pip does)."""
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", outdir, src],
                          capture_output=True, text=True)
    if proc.returncode:
        sys.exit("bench_package: the build failed:\n" + (proc.stdout + proc.stderr)[-3000:])
    names = os.listdir(outdir)
    sdist = [n for n in names if n.endswith(".tar.gz")][0]
    wheel = [n for n in names if n.endswith(".whl")][0]
    return os.path.join(outdir, sdist), os.path.join(outdir, wheel)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="keep the sdist and the wheel in this folder")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        checkout_copy(tree)
        sdist, wheel = build(tree, os.path.join(tmp, "dist"))
        with zipfile.ZipFile(wheel) as z:
            infos = [i for i in z.infolist() if not i.is_dir()]
        with tarfile.open(sdist) as t:
            members = [m for m in t.getmembers() if m.isfile()]
        share = [i for i in infos if i.filename.startswith("comando_host/share/")]
        print("pkg wheel_bytes", os.path.getsize(wheel))
        print("pkg wheel_files", len(infos))
        print("pkg wheel_unpacked_bytes", sum(i.file_size for i in infos))
        print("pkg wheel_data_files", len(share))     # boards, the device's code, the STL
        print("pkg sdist_bytes", os.path.getsize(sdist))
        print("pkg sdist_files", len(members))
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            for path in (sdist, wheel):
                shutil.copy2(path, args.out)
            print("bench_package: kept %s and %s in %s" % (os.path.basename(sdist),
                                                          os.path.basename(wheel), args.out),
                  file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

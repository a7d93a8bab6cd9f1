#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages rtbench needs to build (with "test", to run its tests; with
# "lab", to run the board lab of tests/lab). Only what is missing is installed, after a single
# apt-get update.
set -euo pipefail

build_packages=(
  gcc libc6-dev pkg-config meson ninja-build python3
  libglib2.0-dev libjson-glib-dev libcairo2-dev libpango1.0-dev
  libgtk-4-dev libadwaita-1-dev gettext itstool
)
run_packages=(stress-ng)
# What the tests need beyond the build, and why:
#   rt-tests                 cyclictest, the reference the fidelity benchmark compares with
#   stress-ng                the load scenarios
#   xvfb xauth imagemagick   a virtual X server for the window's tests, and screenshots
#   xdotool dbus-daemon      keys pressed in the window as a user would; a private session bus
#                            for the session manager the window's test plays
#   gcc-*-linux-gnu*, libc6-dev-*-cross, qemu-user-static
#                            cross-build the worker for a Raspberry Pi and run it under qemu
#   desktop-file-utils appstream libxml2-utils gettext shared-mime-info flatpak-builder
#                            validate the desktop file, metainfo, policy, MIME type, catalogues,
#                            the Flatpak manifest and the JUnit reports (xmllint)
#   python3-yaml             parse the CI recipes in docs/ci
#   poppler-utils            read the reports' PDFs back (pdfinfo, pdftotext, pdftoppm)
#   man-db groff-base        render the man pages and check them for warnings
#   yelp-tools               validate the user guide's Mallard pages (yelp-check)
#   clang libclang-rt-14-dev valgrind
#                            the fuzz targets (libFuzzer) and the sanitizer and memcheck runs
#   openssh-server openssh-client
#                            measuring over ssh: the test starts its own sshd on 127.0.0.1
#   qemu-system-arm cpio     the board lab: arm64 boards booted under qemu from an initramfs
#                            (with the aarch64 cross compiler above; the boards' own packages
#                            are downloaded by tests/lab/lab.sh from Debian's arm64 archive)
lab_packages=(
  qemu-system-arm cpio gcc-aarch64-linux-gnu libc6-dev-arm64-cross openssh-client imagemagick
)
test_packages=(
  rt-tests stress-ng xvfb xauth imagemagick xdotool dbus-daemon
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
  qemu-user-static
  desktop-file-utils appstream libxml2-utils gettext shared-mime-info flatpak-builder
  python3-yaml poppler-utils
  man-db groff-base yelp-tools
  clang libclang-rt-14-dev valgrind
  openssh-server openssh-client
  "${lab_packages[@]}"
)

wanted=("${build_packages[@]}" "${run_packages[@]}")
case ${1:-} in
  test) wanted+=("${test_packages[@]}") ;;
  lab) wanted+=("${lab_packages[@]}") ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

((${#missing[@]})) || exit 0
echo "rtbench: installing ${missing[*]}"
sudo_cmd=()
if [[ $EUID -ne 0 ]]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q

# openssh-server is only wanted for its sshd binary: the test runs its own on 127.0.0.1. Installed
# the ordinary way it would enable and start the system's sshd on port 22, so it is installed
# alone, with service starts forbidden (policy-rc.d, unless one is there already), and the service
# it enabled is disabled again.
ssh_server=0
for i in "${!missing[@]}"; do
  if [[ ${missing[i]} == openssh-server ]]; then
    ssh_server=1
    unset 'missing[i]'
  fi
done
if ((${#missing[@]})); then
  "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi
if ((ssh_server)); then
  policy=/usr/sbin/policy-rc.d
  own_policy=0
  if [[ ! -e $policy ]]; then
    own_policy=1
    trap '"${sudo_cmd[@]}" rm -f "$policy"' EXIT
    printf '#!/bin/sh\n# rtbench scripts/deps.sh: no service starts while openssh-server is installed\nexit 101\n' |
      "${sudo_cmd[@]}" tee "$policy" >/dev/null
    "${sudo_cmd[@]}" chmod 755 "$policy"
  fi
  "${sudo_cmd[@]}" apt-get install -y --no-install-recommends openssh-server
  if ((own_policy)); then
    "${sudo_cmd[@]}" rm -f "$policy"
    trap - EXIT
  fi
  # systemctl also turns off the SysV links; without systemd only those exist.
  if command -v systemctl >/dev/null; then
    "${sudo_cmd[@]}" systemctl disable --quiet ssh.service
  elif [[ -x /etc/init.d/ssh ]]; then
    "${sudo_cmd[@]}" update-rc.d ssh disable >/dev/null
  fi
  echo "rtbench: openssh-server installed for the tests' own sshd; the system's ssh service" \
       "was not started and is disabled (sudo systemctl enable --now ssh to use it)"
fi

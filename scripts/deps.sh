#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages rtbench needs to build (and, with "test", to run its tests).
# Only what is missing is installed, after a single apt-get update.
set -euo pipefail

build_packages=(
  gcc libc6-dev pkg-config meson ninja-build python3
  libglib2.0-dev libjson-glib-dev libcairo2-dev libpango1.0-dev
  libgtk-4-dev libadwaita-1-dev gettext
)
run_packages=(stress-ng)
test_packages=(
  rt-tests stress-ng xvfb xauth imagemagick
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
  qemu-user-static
  desktop-file-utils appstream libxml2-utils gettext shared-mime-info flatpak-builder
  clang libclang-rt-14-dev valgrind
  openssh-server openssh-client
)

wanted=("${build_packages[@]}" "${run_packages[@]}")
if [[ "${1:-}" == test ]]; then
  wanted+=("${test_packages[@]}")
fi

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]})); then
  echo "rtbench: installing ${missing[*]}"
  sudo_cmd=()
  if [[ $EUID -ne 0 ]]; then
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

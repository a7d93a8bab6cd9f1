#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The board lab: emulated arm64 boards running Debian's PREEMPT_RT kernel, each with rtbench's
# cross-built worker at its default path and an ssh server, reached from this machine over ssh
# on loopback ports, as users reach a Raspberry Pi or an RK3562 board.
#
#   tests/lab/lab.sh up [BOARD...]     build what is missing and boot the boards (default: board-rt
#                                      and board-stock); prints RTBENCH_SSH for reaching them
#   tests/lab/lab.sh down              stop every board of the lab
#   tests/lab/lab.sh ssh BOARD [CMD]   a shell (or CMD) on a board
#   tests/lab/lab.sh status            the boards, their ports and whether they run
#   tests/lab/lab.sh reset BOARD       press the board's reset button: it reboots at once, without
#                                      a word to its connections (as a board losing power does)
#   tests/lab/lab.sh env               the RTBENCH_SSH line for a shell: eval "$(lab.sh env)"
#
# The boards:
#   board-rt     linux-image-rt-arm64, booted isolcpus=1 nohz_full=1 rcu_nocbs=1 (LinuxCNC's way)
#   board-stock  linux-image-rt-arm64, nothing isolated (Raspberry Pi OS with its RT kernel)
#   board-nonrt  linux-image-arm64, Debian's standard kernel
# All are qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 with 512 MiB, TCG unless this
# machine is arm64 with a working /dev/kvm. Their latencies are the emulator's: the lab shows
# the mechanics and the facts of a board, not its figures.
#
# Everything comes from Debian's packages (apt-get download with a private apt state, so the
# system's own architectures and lists stay as they are) and is cached in RTBENCH_LAB_CACHE
# (default ~/.cache/rtbench-lab). The lab's state (keys, ssh config, consoles, pids) is in
# RTBENCH_LAB_DIR (default /tmp/rtbench-lab). The worker is cross-built in
# RTBENCH_BUILD_ROOT/cross/aarch64 (default ./build), or taken from RTBENCH_LAB_WORKER.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
lab_dir=${RTBENCH_LAB_DIR:-/tmp/rtbench-lab}
cache=${RTBENCH_LAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rtbench-lab}
build_root=${RTBENCH_BUILD_ROOT:-$repo/build}
boot_timeout=${RTBENCH_LAB_BOOT_TIMEOUT:-120}
default_boards=(board-rt board-stock)
# A board's userland: busybox, dropbear and rtla 6.1 with the libraries they link (apt-cache
# depends --recurse dropbear-bin rtla, less gcc-12-base's documentation).
userland=(busybox-static dropbear-bin libc6 libcrypt1 libgcc-s1 libgmp10 libtomcrypt1 libtommath1
          zlib1g rtla libtraceevent1 libtracefs1)

die () { echo "lab: $*" >&2; exit 1; }
say () { echo "lab: $*" >&2; }

board_kernel () { # BOARD → the kernel's meta package
  case $1 in
    board-rt|board-stock) echo linux-image-rt-arm64 ;;
    board-nonrt) echo linux-image-arm64 ;;
    *) die "no board named '$1' (boards: board-rt, board-stock, board-nonrt)" ;;
  esac
}

board_cmdline () {
  case $1 in
    board-rt) echo "isolcpus=1 nohz_full=1 rcu_nocbs=1" ;;
    *) echo "" ;;
  esac
}

need_tools () {
  local missing=() tool
  for tool in qemu-system-aarch64 aarch64-linux-gnu-gcc cpio gzip ssh ssh-keygen dpkg-deb \
              apt-get meson ninja; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  ((${#missing[@]} == 0)) ||
    die "missing ${missing[*]}: install them with scripts/deps.sh lab (as root or with sudo)"
}

# apt-get with a private state in the cache: arm64 lists, nothing of the system's touched.
lab_apt () {
  local apt=$cache/apt
  mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/sources"
  if [[ -f /etc/apt/sources.list ]]; then
    grep -E '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list > "$apt/sources/system.list" || true
  fi
  cp /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list "$apt/sources/" \
    2>/dev/null || true
  apt-get -q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/sources" \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt" -o Dir::State::status=/dev/null \
    -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1 \
    -o APT::Sandbox::User=root "$@"
}

deb_of () { # PACKAGE → its cached .deb, if any
  local f
  for f in "$cache/debs/$1"_*_arm64.deb; do
    [[ -f $f ]] && { echo "$f"; return 0; }
  done
  return 1
}

# The kernel package a meta package (linux-image-rt-arm64) points at, from its cached .deb.
kernel_package () {
  dpkg-deb -f "$(deb_of "$1")" Depends | sed -E 's/^([^ ,]+).*/\1/'
}

fetch_packages () { # KERNEL-META...
  local wanted=("${userland[@]}" "$@")
  local missing=() pkg updated=0
  mkdir -p "$cache/debs"
  for pass in meta kernels; do
    missing=()
    for pkg in "${wanted[@]}"; do
      deb_of "$pkg" >/dev/null || missing+=("$pkg")
    done
    if ((${#missing[@]})); then
      if ((!updated)); then
        say "fetching Debian's arm64 package lists"
        lab_apt update >"$cache/apt-update.log" 2>&1 ||
          die "apt-get update for arm64 failed: see $cache/apt-update.log"
        updated=1
      fi
      say "downloading ${missing[*]}"
      (cd "$cache/debs" && lab_apt download "${missing[@]}" >"$cache/apt-download.log" 2>&1) ||
        die "apt-get download failed: see $cache/apt-download.log"
    fi
    [[ $pass == meta ]] || break
    local kernels=()
    for pkg in "$@"; do kernels+=("$(kernel_package "$pkg")"); done
    wanted=("${kernels[@]}")
  done
}

# The modules a board loads at boot (tests/lab/board-rc), in that order.
board_modules=(failover net_failover virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci
               virtio_net virtio-rng)

# The kernel and the board's modules, unpacked once per kernel package.
unpack_kernel () { # KERNEL-PACKAGE → its folder
  local dir=$cache/kernels/$1 m patterns=('./boot/vmlinuz-*')
  if [[ ! -d $dir/boot ]]; then
    for m in "${board_modules[@]}"; do patterns+=("*/$m.ko"); done
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    dpkg-deb --fsys-tarfile "$(deb_of "$1")" | tar -x -C "$dir.tmp" --wildcards "${patterns[@]}"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
  fi
  echo "$dir"
}

build_worker () {
  if [[ -n ${RTBENCH_LAB_WORKER:-} ]]; then
    [[ -x $RTBENCH_LAB_WORKER ]] || die "RTBENCH_LAB_WORKER=$RTBENCH_LAB_WORKER is not a program"
    echo "$RTBENCH_LAB_WORKER"
    return
  fi
  local dir=$build_root/cross/aarch64
  if [[ ! -f $dir/build.ninja ]]; then
    meson setup "$dir" "$repo" --cross-file "$repo/cross/aarch64-linux-gnu.ini" \
      -Dclient=false -Dtests=false --werror >"$lab_dir/worker-build.log" 2>&1 ||
      die "meson setup of the aarch64 worker failed: see $lab_dir/worker-build.log"
  fi
  ninja -C "$dir" src/worker/rtbench-worker >>"$lab_dir/worker-build.log" 2>&1 ||
    die "the aarch64 worker did not build: see $lab_dir/worker-build.log"
  echo "$dir/src/worker/rtbench-worker"
}

# The worker's default path on a board, as the client will ask for it.
worker_path () {
  local config=$build_root/cross/aarch64/config.h
  [[ -f $config ]] || config=$build_root/config.h
  sed -n 's/^#define RTB_WORKER_PATH "\(.*\)"$/\1/p' "$config"
}

# One initramfs per kernel: busybox, dropbear and its libraries, the kernel's network modules,
# the worker, root's authorized key.
make_initramfs () { # KERNEL-PACKAGE WORKER → the .cpio.gz
  local kernel=$1 worker=$2 kdir root pkg
  kdir=$(unpack_kernel "$kernel")
  root=$lab_dir/root-$kernel
  rm -rf "$root" && mkdir -p "$root"
  for pkg in "${userland[@]}"; do
    dpkg-deb -x "$(deb_of "$pkg")" "$root"
  done
  rm -rf "$root/usr/share" "$root/usr/lib/aarch64-linux-gnu/gconv" "$root/etc/init.d"
  mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,run,root/.ssh,lib/modules,etc/dropbear}
  # A merged /usr, as Debian's: the loader and libraries are found under either name.
  local dir
  for dir in bin sbin lib; do
    if [[ -d $root/$dir && ! -L $root/$dir && -d $root/usr/$dir ]]; then
      cp -a "$root/usr/$dir/." "$root/$dir/" && rm -rf "${root:?}/usr/$dir"
    fi
    [[ -e $root/usr/$dir ]] || ln -s "../$dir" "$root/usr/$dir"
  done
  [[ -e $root/bin/busybox ]] || die "busybox-static's .deb has no /bin/busybox"
  ln -sf busybox "$root/bin/sh"
  ln -sf ../bin/busybox "$root/sbin/init"
  ln -sf /sbin/init "$root/init"
  [[ -e $root/bin/dropbear ]] || ln -sf ../sbin/dropbear "$root/bin/dropbear"
  local m
  for m in "${board_modules[@]}"; do
    find "$kdir/lib/modules" -name "$m.ko" -exec cp {} "$root/lib/modules/" \;
  done
  echo "${board_modules[*]}" > "$root/lib/modules/order"
  local target
  target=$(worker_path)
  mkdir -p "$root$(dirname "$target")"
  cp "$worker" "$root$target"
  cp "$repo/tests/lab/board-rc" "$root/etc/rc" && chmod 755 "$root/etc/rc"
  cp "$repo/tests/lab/board-hwlat" "$root/bin/hwlat" && chmod 755 "$root/bin/hwlat"
  cat > "$root/etc/inittab" <<'TAB'
::sysinit:/etc/rc
::respawn:/sbin/dropbear -F -E -R -s -p 22
ttyAMA0::respawn:/bin/sh -l
::ctrlaltdel:/sbin/reboot
::shutdown:/bin/umount -a -r
TAB
  echo 'root:x:0:0:root:/root:/bin/sh' > "$root/etc/passwd"
  echo 'root:x:0:' > "$root/etc/group"
  echo '/bin/sh' > "$root/etc/shells"
  echo 'export PATH=/bin:/sbin:/usr/bin:/usr/sbin' > "$root/etc/profile"
  cp "$lab_dir/id_ed25519.pub" "$root/root/.ssh/authorized_keys"
  chmod 700 "$root/root" "$root/root/.ssh"
  (cd "$root" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0) | gzip -1 \
    > "$lab_dir/initrd-$kernel.cpio.gz"
  rm -rf "$root"
  echo "$lab_dir/initrd-$kernel.cpio.gz"
}

port_free () { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

accel_args () {
  if [[ $(uname -m) == aarch64 && -w /dev/kvm ]]; then
    echo "-accel kvm -cpu host"
  else
    echo "-accel tcg -cpu cortex-a72"
  fi
}

boot_board () { # BOARD KERNEL-DIR INITRD
  local board=$1 kdir=$2 initrd=$3 port kernel try
  kernel=$(echo "$kdir"/boot/vmlinuz-*)
  for try in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 20000))
    port_free "$port" || continue
    rm -f "$lab_dir/$board.pid"
    # shellcheck disable=SC2046
    if qemu-system-aarch64 -M virt $(accel_args) -smp 2 -m 512 -nodefaults \
         -kernel "$kernel" -initrd "$initrd" \
         -append "console=ttyAMA0 panic=5 rtbench.board=$board $(board_cmdline "$board")" \
         -netdev "user,id=net0,hostfwd=tcp:127.0.0.1:$port-:22" \
         -device virtio-net-pci,netdev=net0,romfile= -device virtio-rng-pci \
         -serial "file:$lab_dir/$board.console" -display none \
         -monitor "unix:$lab_dir/$board.monitor,server=on,wait=off" \
         -daemonize -pidfile "$lab_dir/$board.pid" 2>"$lab_dir/$board.qemu.log"; then
      echo "$port" > "$lab_dir/$board.port"
      return 0
    fi
  done
  die "qemu did not start $board: $(cat "$lab_dir/$board.qemu.log")"
}

write_ssh_config () {
  local config=$lab_dir/ssh_config board
  : > "$config.new"
  for board in "$lab_dir"/*.port; do
    [[ -f $board ]] || continue
    board=$(basename "$board" .port)
    printf 'Host %s\n  HostName 127.0.0.1\n  Port %s\n' "$board" "$(cat "$lab_dir/$board.port")" \
      >> "$config.new"
  done
  cat >> "$config.new" <<CONF
Host *
  User root
  IdentityFile $lab_dir/id_ed25519
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  BatchMode yes
  ConnectTimeout 10
  LogLevel ERROR
CONF
  mv "$config.new" "$config"
}

board_running () {
  [[ -f $lab_dir/$1.pid ]] && kill -0 "$(cat "$lab_dir/$1.pid")" 2>/dev/null
}

wait_for_board () { # BOARD START-SECONDS
  local board=$1 start=$2
  while ! ssh -F "$lab_dir/ssh_config" "$board" true 2>/dev/null; do
    board_running "$board" || die "$board stopped while booting: see $lab_dir/$board.console"
    if ((SECONDS - start > boot_timeout)); then
      die "$board did not answer over ssh in ${boot_timeout} s: see $lab_dir/$board.console"
    fi
    sleep 1
  done
}

cmd_up () {
  local boards=("$@") board start
  ((${#boards[@]})) || boards=("${default_boards[@]}")
  need_tools
  mkdir -p "$lab_dir" "$cache"
  for board in "${boards[@]}"; do
    board_kernel "$board" >/dev/null
    board_running "$board" && die "$board is already up (tests/lab/lab.sh down first)"
  done
  start=$SECONDS
  local metas=()
  for board in "${boards[@]}"; do metas+=("$(board_kernel "$board")"); done
  fetch_packages $(printf '%s\n' "${metas[@]}" | sort -u)
  [[ -f $lab_dir/id_ed25519 ]] || ssh-keygen -q -t ed25519 -N '' -C rtbench-lab \
    -f "$lab_dir/id_ed25519"
  local worker
  worker=$(build_worker)
  say "prepared in $((SECONDS - start)) s (packages, worker, key)"
  start=$SECONDS
  declare -A initrds=()
  for board in "${boards[@]}"; do
    local kernel
    kernel=$(kernel_package "$(board_kernel "$board")")
    [[ -n ${initrds[$kernel]:-} ]] || initrds[$kernel]=$(make_initramfs "$kernel" "$worker")
    boot_board "$board" "$(unpack_kernel "$kernel")" "${initrds[$kernel]}"
  done
  write_ssh_config
  for board in "${boards[@]}"; do
    wait_for_board "$board" "$start"
    say "$board up in $((SECONDS - start)) s, ssh port $(cat "$lab_dir/$board.port")"
  done
  echo "export RTBENCH_SSH=\"ssh -F $lab_dir/ssh_config\""
}

cmd_down () {
  local pidfile pid stopped=0
  for pidfile in "$lab_dir"/*.pid; do
    [[ -f $pidfile ]] || continue
    pid=$(cat "$pidfile")
    if kill "$pid" 2>/dev/null; then
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      stopped=$((stopped + 1))
    fi
    rm -f "$pidfile" "${pidfile%.pid}.port" "${pidfile%.pid}.monitor"
  done
  rm -f "$lab_dir"/initrd-*.cpio.gz
  [[ -d $lab_dir ]] && write_ssh_config
  say "$stopped board(s) stopped"
}

# The emulator's monitor resets the machine at once: no shutdown, no word to its connections.
cmd_reset () { # BOARD
  local board=$1
  board_running "$board" || die "$board is not up (tests/lab/lab.sh up $board)"
  python3 - "$lab_dir/$board.monitor" <<'PY' || die "$board's monitor did not take the reset"
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(10)
s.connect(sys.argv[1])
def prompt():                     # read up to the monitor's next prompt, however it is cut
    seen = b""
    while b"(qemu)" not in seen:
        data = s.recv(4096)
        if not data:
            sys.exit(1)
        seen += data
prompt()                          # the banner, then the prompt: the monitor is ready
s.sendall(b"system_reset\n")
prompt()                          # the command was read and done
PY
  say "$board reset"
}

cmd_status () {
  local pidfile board
  for pidfile in "$lab_dir"/*.port; do
    [[ -f $pidfile ]] || continue
    board=$(basename "$pidfile" .port)
    if board_running "$board"; then
      echo "$board up, ssh port $(cat "$lab_dir/$board.port"), qemu pid $(cat "$lab_dir/$board.pid")"
    else
      echo "$board down"
    fi
  done
}

case ${1:-} in
  up) shift; cmd_up "$@" ;;
  down) cmd_down ;;
  ssh)
    [[ -n ${2:-} ]] || die "usage: lab.sh ssh BOARD [COMMAND]"
    [[ -f $lab_dir/ssh_config ]] || die "the lab is not up (tests/lab/lab.sh up)"
    board=$2; shift 2
    exec ssh -F "$lab_dir/ssh_config" -o BatchMode=yes "$board" "$@" ;;
  status) cmd_status ;;
  reset) [[ -n ${2:-} ]] || die "usage: lab.sh reset BOARD"; cmd_reset "$2" ;;
  env) echo "export RTBENCH_SSH=\"ssh -F $lab_dir/ssh_config\"" ;;
  -h|--help|help) sed -n '3,29s/^# \{0,1\}//p' "$0" ;;
  *) echo "usage: tests/lab/lab.sh up [BOARD...] | down | ssh BOARD [COMMAND] | status | reset BOARD | env" >&2
     exit 2 ;;
esac

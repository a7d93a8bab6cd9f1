# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by tests/test-remote.sh and tests/bench-fleet.sh: boards played by private sshds on
# 127.0.0.1. Each board's forced command runs the worker in a new UTS namespace under the
# board's host name, so a run can only learn that name from the worker. Needs root.
# Expects $tmp (a private folder) and $worker; sets $RTBENCH_SSH; kill "${sshd_pids[@]}" at exit.
sshd_pids=()

boards_init () {
  ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key"
  mkdir -p /run/sshd
  # "deadboard" is an alias where nothing listens.
  cat > "$tmp/ssh_config" <<CONF
Host deadboard
  HostName 127.0.0.1
  Port 1
  ConnectTimeout 3
Host *
  User root
  IdentityFile $tmp/user_key
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  BatchMode yes
  LogLevel ERROR
CONF
  export RTBENCH_SSH="ssh -F $tmp/ssh_config"
}

start_board () { # ALIAS HOSTNAME
  local alias=$1 name=$2 port=$((20000 + RANDOM % 20000))
  printf 'command="unshare --uts sh -c '"'"'echo %s > /proc/sys/kernel/hostname && exec $SSH_ORIGINAL_COMMAND'"'"'" %s\n' \
    "$name" "$(cat "$tmp/user_key.pub")" > "$tmp/$alias.keys"
  cat > "$tmp/$alias.sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/$alias.keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $tmp/$alias.pid
CONF
  { echo "Host $alias"; echo "  HostName 127.0.0.1"; echo "  Port $port"; cat "$tmp/ssh_config"; } \
    > "$tmp/ssh_config.new" && mv "$tmp/ssh_config.new" "$tmp/ssh_config"
  /usr/sbin/sshd -D -e -f "$tmp/$alias.sshd_config" 2>"$tmp/$alias.sshd.log" &
  sshd_pids+=($!)
  for _ in $(seq 50); do
    ssh -F "$tmp/ssh_config" "$alias" "$worker" --version >/dev/null 2>&1 && break
    sleep 0.1
  done
}

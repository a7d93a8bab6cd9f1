/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>

#include "rtb-worker.h"

void
rtb_worker_usage_print (void)
{
  printf (
    "Usage: rtbench-worker [METHOD key=value...]\n"
    "       rtbench-worker --help | --version\n"
    "\n"
    "Measures how real-time this system is and writes binary rtbench frames on stdout\n"
    "(log lines on stderr). With a command in its arguments it runs that command and reads\n"
    "nothing from stdin; without one it reads one line \"start METHOD key=value...\" from\n"
    "stdin, then \"stop\" or EOF ends the run.\n"
    "\n"
    "Methods and keys (default, allowed range):\n"
    "  latency    wake-up latency, the cyclictest method: one thread per CPU\n"
    "    cpus=all|LIST        all               LIST such as 0,2-3 of online CPUs\n"
    "    policy=fifo|rr|other fifo\n"
    "    priority=N           99                %d-%d (0 with policy=other)\n"
    "    interval_us=N        1000              %d-%d\n"
    "    histogram_us=N       1000              %d-%d\n"
    "    duration=TIME        60s               0-7d, 0 = until stopped\n"
    "    gpio=CHIP:LINE       none              toggle LINE (0-%d) of /dev/gpiochipCHIP\n"
    "                                           (0-%d) at each wake-up; one CPU only\n"
    "  jitter     thread jitter, the LinuxCNC latency-test method: base and servo threads;\n"
    "             no period is skipped, overruns are counted\n"
    "    base_us=N            25                %d-%d\n"
    "    servo_us=N           1000              %d-%d, longer than base_us\n"
    "    cpu=N|auto|none      auto              auto: the last isolated CPU, else the last\n"
    "                                           CPU (LinuxCNC's choice); none: not pinned\n"
    "    policy=fifo|rr|other fifo\n"
    "    priority=N           99 (servo: one less) %d-%d (0 with policy=other)\n"
    "    duration=TIME        60s               0-7d\n"
    "  timer      periodic timer error: sleep, then spin until each deadline;\n"
    "             duration / period ticks after one warm-up tick\n"
    "    variant=rt|normal    rt                rt: explicit attributes, locked memory, the\n"
    "                                           minimum stack; normal: an ordinary unpinned\n"
    "                                           thread, memory unlocked, no cpu_dma_latency\n"
    "    period_us=N          5000              %d-%d\n"
    "    spin_us=N            100               0-%d, shorter than period_us\n"
    "    cpu=N|auto|none      none\n"
    "    policy=fifo|rr|other fifo (other with variant=normal)\n"
    "    priority=N           80                %d-%d (0 with policy=other)\n"
    "    duration=TIME        60s               0-7d\n"
    "  response   execution time of a Gauss-Jordan matrix inversion, per instance\n"
    "    size=N[,N...]        32                %d-%d; a list runs each size in turn\n"
    "    experiments=N        1                 1-%d runs of each size, one series each\n"
    "    instances=N          1000              %d-%llu per experiment\n"
    "    gap_us=N|auto        auto              %d-%d, sleep between instances; auto keeps\n"
    "                                           the duty at half the RT throttling budget\n"
    "    cpu=N|auto|none      0\n"
    "    policy=fifo|rr|other fifo\n"
    "    priority=N           99                %d-%d (0 with policy=other)\n"
    "  noise      the gaps of a busy loop reading the clock, one thread per CPU (oslat)\n"
    "    cpus=all|LIST        all               e.g. 0,2-3\n"
    "    policy=other|fifo|rr other\n"
    "    priority=N           0 (fifo, rr: 1)   %d-%d with policy=fifo or rr\n"
    "    histogram_us=N       32                %d-%d\n"
    "    duration=TIME        60s               0-7d\n"
    "  latency, jitter, timer:\n"
    "    trace_above_us=N|auto none             %d-%d: explain every value of N us or more\n"
    "                                           from a kernel trace (auto: 2 x p99.9)\n"
    "  any method:\n"
    "    timer_slack_ns=N     the kernel's      1-%u, the threads' timer slack (real-time\n"
    "                                           threads have none whatever it says)\n"
    "    unthrottled=yes|no   no                allow a real-time response run while\n"
    "                                           kernel.sched_rt_runtime_us is -1\n"
    "\n"
    "TIME is a number with an optional s, m, h or d suffix (seconds by default).\n"
    "Real-time policies need root, CAP_SYS_NICE or a high enough RLIMIT_RTPRIO.\n"
    "Exit status: 0 run completed or stopped, 1 a thread or the system failed,\n"
    "2 the command was refused (an ERROR frame says why).\n"
    "\n"
    "Example: rtbench-worker latency cpus=all priority=99 interval_us=1000 duration=10m\n",
    RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, RTB_LATENCY_INTERVAL_MIN_US, RTB_INTERVAL_MAX_US,
    RTB_HISTOGRAM_MIN_US, RTB_HISTOGRAM_MAX_US, RTB_GPIO_LINE_MAX, RTB_GPIO_CHIP_MAX,
    RTB_JITTER_BASE_MIN_US, RTB_INTERVAL_MAX_US, RTB_JITTER_SERVO_MIN_US, RTB_INTERVAL_MAX_US,
    RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, RTB_LATENCY_INTERVAL_MIN_US, RTB_INTERVAL_MAX_US,
    RTB_TIMER_SPIN_MAX_US, RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, RTB_MATRIX_MIN, RTB_MATRIX_MAX,
    RTB_EXPERIMENTS_MAX, RTB_INSTANCES_MIN, (unsigned long long) RTB_INSTANCES_MAX,
    RTB_GAP_MIN_US, RTB_GAP_MAX_US, RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, RTB_PRIORITY_MIN,
    RTB_PRIORITY_MAX, RTB_HISTOGRAM_MIN_US, RTB_HISTOGRAM_MAX_US, RTB_TRACE_ABOVE_MIN_US,
    RTB_TRACE_ABOVE_MAX_US, RTB_TIMER_SLACK_MAX_NS);
}

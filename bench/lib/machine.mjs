import os from 'node:os';

/** The machine, as every run prints it. `load` is os.loadavg() (1, 5, 15 min): other work on a shared box. */
export function machineInfo(env) {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    totalMemoryMB: Math.round(os.totalmem() / 2 ** 20),
    freeMemoryMB: Math.round(os.freemem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    apiServer: env?.version?.gitVersion,
    load: os.loadavg().map((l) => Math.round(l * 100) / 100),
    // The runtime settings of this process (the bench runs as `orkestra run` does unless --node-defaults).
    nodeFlags: process.execArgv.filter((a) => a.startsWith('--max-')),
    mallocArenaMax: process.env.MALLOC_ARENA_MAX,
  };
}

export function describeMachine(m) {
  return (
    `${m.cores} cores (${m.cpuModel}), ${m.totalMemoryMB} MB RAM, ${m.platform}, Node ${m.node}, ` +
    `kube-apiserver ${m.apiServer ?? 'n/a'}, load average ${m.load.join(' / ')}, ` +
    `runtime ${m.nodeFlags?.length ? m.nodeFlags.join(' ') : 'Node defaults'}${m.mallocArenaMax ? ` MALLOC_ARENA_MAX=${m.mallocArenaMax}` : ''}`
  );
}

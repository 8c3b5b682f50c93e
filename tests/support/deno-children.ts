import { readdirSync, readFileSync } from 'node:fs';

/** The Deno processes this test process started, by the entry they run. */
export function denoChildren(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const entry = argv.find((a) => a.endsWith('/index.ts'));
      if (argv.some((a) => /deno$/.test(a)) && entry)
        out.push(entry.split('/').slice(-2, -1)[0]!);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out.sort();
}

/**
 * A progress bar for long work (ingest, import, reindex) on stderr, drawn only when stderr is a terminal, so
 * scripts and `--json` runs get clean output. Fed by the tools' progress reports (message + fraction).
 */
import cliProgress from 'cli-progress';

export interface ProgressDisplay {
  update(message: string, fraction?: number): void;
  stop(): void;
}

/** Off a terminal nothing is drawn; the summary printed afterwards says what happened. */
const SILENT: ProgressDisplay = { update: () => undefined, stop: () => undefined };

export function startProgress(label: string, enabled = true): ProgressDisplay {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% {message}`,
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  const width = Math.max(20, (process.stderr.columns ?? 80) - label.length - 40);
  bar.start(100, 0, { message: '' });
  let stopped = false;
  return {
    update(message, fraction) {
      if (stopped) return;
      const text = message.length > width ? `${message.slice(0, width - 1)}…` : message;
      if (fraction === undefined) bar.update({ message: text });
      else bar.update(Math.round(Math.min(1, Math.max(0, fraction)) * 100), { message: text });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

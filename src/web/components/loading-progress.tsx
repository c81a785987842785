import { useEffect, useState } from 'react';

/** The spec's loading bar: random steps of up to 10 every 500 ms, never past 90 % until done. */
export const PROGRESS_STEP_MS = 500;
export const PROGRESS_CAP = 90;

export function nextProgress(current: number, random: () => number = Math.random): number {
  const step = Math.max(1, Math.ceil(random() * 10));
  return Math.min(PROGRESS_CAP, current + step);
}

/**
 * Shown on a data screen until its data arrives. `complete` fills the bar (the caller unmounts
 * it right after); loading itself starts at once (docs/decisions/005).
 */
export function LoadingProgress({
  label = 'Loading data',
  complete = false,
}: {
  label?: string;
  complete?: boolean;
}) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (complete) return;
    const timer = window.setInterval(() => setProgress((p) => nextProgress(p)), PROGRESS_STEP_MS);
    return () => window.clearInterval(timer);
  }, [complete]);
  const value = complete ? 100 : progress;
  return (
    <div className="loading-progress py-4" role="status" aria-live="polite">
      <p className="fw-semibold mb-2">{label}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="progress-bar progress-bar-striped progress-bar-animated"
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="text-body-secondary small mt-2 mb-0">This will only take a moment...</p>
    </div>
  );
}

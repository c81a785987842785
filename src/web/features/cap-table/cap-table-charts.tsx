// The cap table's charts, drawn by Chart.js (only the parts used are registered, so the chunk
// carries only those). This module is loaded with a dynamic import by the cap-table page alone
// (cap-table-screen.tsx), so no other page downloads it. The charts are pictures of the tables
// beside them, hidden from assistive technology; the tables are the accessible source.
import { useEffect, useMemo, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { CapTableResponse } from '../../../contract/cap-table';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
);

/** Okabe–Ito's colour-blind-safe palette, then greys: eleven slices at most (10 + others). */
const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
  '#7F7F7F',
  '#B15928',
  '#BDBDBD',
];

/** A 4-decimal percentage or a 2-decimal amount as a number, for drawing only. */
const drawn = (value: string) => Number(value);

const common = {
  animation: false,
  responsive: true,
  maintainAspectRatio: false,
} as const;

const wide = () => window.matchMedia('(min-width: 768px)').matches;

function CanvasChart({ config, short }: { config: ChartConfiguration; short: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    // Each chart is drawn in a task of its own when the browser is idle, after the tables are
    // on screen: three short tasks rather than one long one in React's commit.
    let chart: Chart | undefined;
    const draw = () => {
      chart = new Chart(target, config);
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(draw, { timeout: 1000 })
      : window.setTimeout(draw, 0);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className={short ? 'cap-table-chart cap-table-chart-short' : 'cap-table-chart'}>
      <canvas ref={canvas} />
    </div>
  );
}

/** Each class's outstanding shares, and what its limit leaves unissued. */
function classesConfig(data: CapTableResponse): ChartConfiguration {
  const limited = data.classes.some((c) => c.authorized !== null);
  const datasets = [
    {
      label: 'Outstanding',
      data: data.classes.map((c) => drawn(c.outstanding)),
      backgroundColor: PALETTE[0],
    },
  ];
  if (limited)
    datasets.push({
      label: 'Authorized, not issued',
      data: data.classes.map((c) =>
        c.authorized === null ? 0 : Math.max(0, drawn(c.authorized) - drawn(c.outstanding)),
      ),
      backgroundColor: PALETTE[10],
    });
  return {
    type: 'bar',
    data: { labels: data.classes.map((c) => c.name), datasets },
    options: {
      ...common,
      indexAxis: 'y',
      scales: { x: { stacked: true, beginAtZero: true }, y: { stacked: true } },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/** The named holders and all others: their names and shares of the whole, in one order. */
function slices(data: CapTableResponse) {
  const named = data.topHolders.map((h) => ({ label: h.name, holding: h }));
  return data.others.holders > 0
    ? [...named, { label: 'All others', holding: data.others }]
    : named;
}

/** Each class split among the named holders and all others (percent of the class). */
function byClassConfig(data: CapTableResponse): ChartConfiguration {
  const parts = slices(data);
  return {
    type: 'bar',
    data: {
      labels: data.classes.map((c) => c.name),
      datasets: parts.map((p, i) => ({
        label: p.label,
        data: data.classes.map((c) =>
          drawn(c.classType === 'common' ? p.holding.commonPercent : p.holding.preferredPercent),
        ),
        backgroundColor: PALETTE[i % PALETTE.length],
      })),
    },
    options: {
      ...common,
      indexAxis: 'y',
      scales: { x: { stacked: true, min: 0, max: 100 }, y: { stacked: true } },
      plugins: { legend: { display: false } },
    },
  };
}

/** The named holders and all others as parts of all shares. */
function holdersConfig(data: CapTableResponse): ChartConfiguration {
  const parts = slices(data);
  return {
    type: 'doughnut',
    data: {
      labels: parts.map((p) => p.label),
      datasets: [
        {
          data: parts.map((p) => drawn(p.holding.ownershipPercent)),
          backgroundColor: parts.map((_, i) => PALETTE[i % PALETTE.length]!),
        },
      ],
    },
    options: {
      ...common,
      // Beside the ring where there is room, under it on a phone.
      plugins: { legend: { position: wide() ? 'right' : 'bottom' } },
    },
  };
}

/** Which chart: the class summary, ownership by class, or the top holders. */
export type CapTableChartKind = 'classes' | 'byClass' | 'holders';

const configs = { classes: classesConfig, byClass: byClassConfig, holders: holdersConfig };

export default function CapTableChart({
  kind,
  data,
}: {
  kind: CapTableChartKind;
  data: CapTableResponse;
}) {
  const config = useMemo(() => configs[kind](data), [kind, data]);
  // Two bars need less height than a ring with its legend.
  return <CanvasChart config={config} short={kind === 'classes'} />;
}

/**
 * Draws p99 latency against students from the recorded runs (docs/bench/delivery-runs.json): one
 * line per phase and setup (database, server processes), as a small SVG for docs/benchmarks.md.
 */
export interface RecordedRun {
  date: string;
  students: number;
  rush_seconds?: number;
  database: string;
  processes: number;
  phases: { phase: string; p99: number }[];
}

const PHASES = ['start rush', 'answering', 'submit rush'];
// A color per phase, a line style per setup (database and processes), so each series reads apart.
const PHASE_COLORS = ['#1b6b73', '#c2571a', '#6a4c93'];
const SETUP_DASHES = ['', '7 4', '2 3', '10 3 2 3'];

/** A point's marker: a circle, a square, a triangle, a diamond (by setup), so lone points read apart too. */
function marker(shape: number, cx: number, cy: number, color: string): string {
  const r = 4;
  if (shape === 1) return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" fill="${color}"/>`;
  if (shape === 2)
    return `<polygon points="${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}" fill="${color}"/>`;
  if (shape === 3)
    return `<polygon points="${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}" fill="${color}"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="${r - 0.5}" fill="${color}"/>`;
}
const W = 720;
const H = 420;
const M = { left: 70, right: 220, top: 40, bottom: 60 };

export function latencyChart(runs: RecordedRun[]): string {
  // The latest run of each setup and size, among those with the standard 60-second rushes.
  const latest = new Map<string, RecordedRun>();
  for (const run of runs)
    if ((run.rush_seconds ?? 60) === 60) latest.set(`${run.database}/${run.processes}/${run.students}`, run);
  const series = new Map<string, { x: number; y: number }[]>();
  const styles = new Map<string, { color: string; dash: string; shape: number }>();
  const setups: string[] = [];
  for (const run of latest.values())
    for (const phase of run.phases.filter((p) => PHASES.includes(p.phase))) {
      const setup = `${run.database}${run.processes > 1 ? ` x${run.processes}` : ''}`;
      if (!setups.includes(setup)) setups.push(setup);
      const name = `${phase.phase}, ${setup}`;
      series.set(name, [...(series.get(name) ?? []), { x: run.students, y: phase.p99 }]);
      styles.set(name, {
        color: PHASE_COLORS[PHASES.indexOf(phase.phase) % PHASE_COLORS.length]!,
        dash: SETUP_DASHES[setups.indexOf(setup) % SETUP_DASHES.length]!,
        shape: setups.indexOf(setup) % 4,
      });
    }
  const points = [...series.values()].flat();
  const maxX = Math.max(1000, ...points.map((p) => p.x));
  // Milliseconds on a logarithmic scale: from tens to tens of thousands.
  const decades = Math.max(3, Math.ceil(Math.log10(Math.max(...points.map((p) => p.y), 1))));
  const x = (v: number) => M.left + (v / maxX) * (W - M.left - M.right);
  const y = (v: number) => H - M.bottom - ((Math.log10(Math.max(v, 10)) - 1) / (decades - 1)) * (H - M.top - M.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="22" font-size="15" font-weight="bold">p99 latency of delivery calls against simultaneous students</text>`,
    `<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#333"/>`,
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#333"/>`,
    // The goal.
    `<line x1="${M.left}" y1="${y(150)}" x2="${W - M.right}" y2="${y(150)}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<text x="${W - M.right - 4}" y="${y(150) - 4}" text-anchor="end" fill="#666">goal: 150 ms</text>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 18}" text-anchor="middle">students</text>`,
    `<text x="18" y="${(M.top + H - M.bottom) / 2}" transform="rotate(-90 18 ${(M.top + H - M.bottom) / 2})" text-anchor="middle">p99 (ms, log scale)</text>`,
  ];
  for (let d = 1; d <= decades; d++) {
    const value = 10 ** d;
    parts.push(`<text x="${M.left - 8}" y="${y(value) + 4}" text-anchor="end">${value.toLocaleString('en')}</text>`);
    parts.push(`<line x1="${M.left}" y1="${y(value)}" x2="${W - M.right}" y2="${y(value)}" stroke="#eee"/>`);
  }
  for (const students of [...new Set(points.map((p) => p.x))].sort((a, b) => a - b))
    parts.push(
      `<text x="${x(students)}" y="${H - M.bottom + 18}" text-anchor="middle">${students.toLocaleString('en')}</text>`,
    );
  [...series.entries()].forEach(([name, line], i) => {
    const { color, dash, shape } = styles.get(name)!;
    const stroke = `stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
    const sorted = line.sort((a, b) => a.x - b.x);
    parts.push(`<polyline fill="none" ${stroke} points="${sorted.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')}"/>`);
    for (const p of sorted) parts.push(marker(shape, x(p.x), y(p.y), color));
    const row = M.top + i * 20;
    parts.push(`<line x1="${W - M.right + 12}" y1="${row + 6}" x2="${W - M.right + 40}" y2="${row + 6}" ${stroke}/>`);
    parts.push(marker(shape, W - M.right + 26, row + 6, color));
    parts.push(`<text x="${W - M.right + 46}" y="${row + 11}">${name}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

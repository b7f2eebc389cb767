/**
 * Common-item linking of a Rasch calibration to a scale (issue 42). A form calibrated on its own is
 * centred on its own sitting (the ability distribution's mean is 0); under the Rasch model two
 * calibrations of the same items differ only by a constant, so the form joins the scale by one
 * shift: the mean difference between the scale's (bank) difficulties of its anchor questions and
 * their difficulties in the form's own calibration (Wright & Stone 1979, mean/mean linking).
 *
 * Before the shift is used, each anchor is checked for drift (it was taught to, leaked, or reads
 * differently in this form). Its robust z is the distance of its difference (bank − own) from the
 * anchors' median, over 1.4826 × their median absolute deviation (Huynh & Meyer 2010), that spread
 * never taken below the anchors' typical standard error of a difference, or 0.1 logit when they have
 * none (a displacement within its own sampling error is no evidence of drift): beyond 2.7, the
 * anchor is dropped. Its displacement
 * is its own difficulty moved by the shift, minus its bank value: beyond 0.5 logits it is dropped
 * too, the worst first, the shift computed again without it, until none is. A link with fewer than
 * 5 stable anchors, or whose anchors carry under 20% of the form's marks, is refused.
 */

export const LINKING_RULES = Object.freeze({
  maxDisplacement: 0.5,
  maxRobustZ: 2.7,
  minAnchors: 5,
  minMarkShare: 0.2,
  /** The robust z's spread, at least, when the anchors carry no standard errors (logits). */
  spreadFloor: 0.1,
});

/** The thresholds a link is screened and judged by (LINKING_RULES unless a caller studies others). */
export type LinkingRules = { readonly [K in keyof typeof LINKING_RULES]: number };

export interface Anchor {
  /** The question's id (or any key the caller reads the result by). */
  id: number | string;
  /** Its difficulty on the scale (the bank's current parameter). */
  bank: number;
  /** Its difficulty in this form's own calibration. */
  free: number;
  /** Its marks in this form, for the share of the form the link rests on. */
  marks: number;
  /** The standard error of its difference: √(bank SE² + own SE²), when known. */
  se?: number | null;
}

export interface DroppedAnchor {
  id: Anchor['id'];
  displacement: number;
  robustZ: number | null;
}

export type LinkRefusal = 'too_few_anchors' | 'too_small_share';

export interface Link {
  /** Logits to add to every difficulty and ability of the form's own calibration. */
  shift: number;
  /**
   * The linking error: the standard deviation of the stable anchors' displacements over √n, or,
   * when larger, what their own standard errors give (√Σse² / n).
   */
  se: number | null;
  stable: { id: Anchor['id']; displacement: number }[];
  dropped: DroppedAnchor[];
  /** Why the link cannot be used, if it cannot (the shift is still reported). */
  refused: LinkRefusal | null;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Robust z of each value: its distance from the median over 1.4826 × the median absolute deviation,
 * a spread never below `floor`.
 */
function robustZ(values: number[], floor: number): (number | null)[] {
  const centre = median(values);
  const spread = Math.max(1.4826 * median(values.map((value) => Math.abs(value - centre))), floor);
  return values.map((value) => (spread > 1e-9 ? (value - centre) / spread : null));
}

/** Links a form's own calibration to the scale through its anchors (see above); `totalMarks` is the form's. */
export function linkToScale(anchors: readonly Anchor[], totalMarks: number, rules: LinkingRules = LINKING_RULES): Link {
  const usable = anchors.filter((anchor) => Number.isFinite(anchor.bank) && Number.isFinite(anchor.free));
  const errors = usable.map((anchor) => anchor.se).filter((se): se is number => se != null && Number.isFinite(se));
  // On the displacement's side (own − bank), so that a dropped anchor's z and displacement agree in sign.
  const z = robustZ(
    usable.map((anchor) => anchor.free - anchor.bank),
    errors.length > 0 ? median(errors) : rules.spreadFloor,
  );
  const zOf = new Map(usable.map((anchor, index) => [anchor, z[index]] as const));
  const dropped: DroppedAnchor[] = [];
  let kept = usable.filter((anchor) => {
    const far = zOf.get(anchor) !== null && Math.abs(zOf.get(anchor)!) > rules.maxRobustZ;
    if (far) dropped.push({ id: anchor.id, displacement: Number.NaN, robustZ: zOf.get(anchor)! });
    return !far;
  });
  const shiftOf = (set: readonly Anchor[]) => (set.length > 0 ? mean(set.map((a) => a.bank - a.free)) : 0);
  // Displaced anchors go one at a time, the worst first: one moves the shift, and so every displacement.
  for (;;) {
    const shift = shiftOf(kept);
    const displacements = kept.map((anchor) => anchor.free + shift - anchor.bank);
    let worst = -1;
    displacements.forEach((displacement, index) => {
      if (
        Math.abs(displacement) > rules.maxDisplacement &&
        (worst < 0 || Math.abs(displacement) > Math.abs(displacements[worst]))
      )
        worst = index;
    });
    if (worst < 0) break;
    dropped.push({ id: kept[worst].id, displacement: displacements[worst], robustZ: zOf.get(kept[worst]) ?? null });
    kept = kept.filter((_, index) => index !== worst);
  }
  const shift = shiftOf(kept);
  // An anchor dropped by its robust z is reported with its displacement from the final shift.
  for (const entry of dropped)
    if (Number.isNaN(entry.displacement)) {
      const anchor = usable.find((a) => a.id === entry.id)!;
      entry.displacement = anchor.free + shift - anchor.bank;
    }
  const stable = kept.map((anchor) => ({ id: anchor.id, displacement: anchor.free + shift - anchor.bank }));
  const spread =
    stable.length > 1
      ? Math.sqrt(stable.reduce((sum, anchor) => sum + anchor.displacement ** 2, 0) / (stable.length - 1))
      : null;
  const keptErrors = kept.map((anchor) => anchor.se).filter((se): se is number => se != null && Number.isFinite(se));
  const ownError =
    keptErrors.length === kept.length && kept.length > 0
      ? Math.sqrt(keptErrors.reduce((sum, se) => sum + se * se, 0)) / kept.length
      : 0;
  const share = totalMarks > 0 ? kept.reduce((sum, anchor) => sum + anchor.marks, 0) / totalMarks : 0;
  const refused: LinkRefusal | null =
    kept.length < rules.minAnchors ? 'too_few_anchors' : share < rules.minMarkShare ? 'too_small_share' : null;
  const se = spread === null ? null : Math.max(spread / Math.sqrt(stable.length), ownError);
  return { shift, se, stable, dropped, refused };
}

/**
 * A number held within its bounds (SPEC section 5: numeric inputs clamp to 0 and an optional
 * maximum): -5 in a mark becomes 0, 250 becomes 100; an empty or non-numeric entry is null.
 */
export const clampTo =
  (min: number, max: number) =>
  (value: number | string | null | undefined): number | null => {
    if (value === '' || value === null || value === undefined || Number.isNaN(Number(value))) return null;
    return Math.min(max, Math.max(min, Number(value)));
  };

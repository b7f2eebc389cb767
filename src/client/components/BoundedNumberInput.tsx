import { NumberInput, type NumberInputProps } from 'react-admin';
import { clampTo } from './clamp';

/**
 * react-admin's NumberInput that pulls an out-of-range number back to the nearest bound as it is
 * typed: -5 in a mark becomes 0, 250 becomes 100 (the box shows the bound when it loses focus).
 */
export function BoundedNumberInput({
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
  ...props
}: NumberInputProps & { min?: number; max?: number }) {
  return <NumberInput min={min} max={max} parse={clampTo(min, max)} {...props} />;
}

import { useEffect, useMemo, useState } from 'react';

/**
 * Seconds left until `deadline` by the server's clock: the offset between the server's time and
 * this computer's is taken once, when the attempt loads, so a wrong local clock does not matter.
 */
export function useSecondsLeft(deadline: string, serverTime: string): number {
  const offset = useMemo(() => Date.parse(serverTime) - Date.now(), [serverTime]);
  const end = Date.parse(deadline);
  const left = () => (end - (Date.now() + offset)) / 1000;
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // `left` reads only `end` and `offset`.
  }, [end, offset]);
  return seconds;
}

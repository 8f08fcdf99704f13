import { useCallback, useState } from 'react';

/** The controlled/uncontrolled pair: `value` wins when given; `onChange` hears every change. */
export function useControllable<T>(value: T | undefined, defaultValue: T, onChange: ((value: T) => void) | undefined): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const current = value === undefined ? own : value;
  const set = useCallback(
    (next: T) => {
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
    [value, onChange],
  );
  return [current, set];
}

import { useEffect, useLayoutEffect } from 'react';

/** useLayoutEffect in the browser; useEffect on the server, where layout effects do not run. */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

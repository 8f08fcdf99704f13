import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/** False while rendering on the server and hydrating, true after: for what only the browser can render. */
export const useHydrated = (): boolean => useSyncExternalStore(subscribeNothing, () => true, () => false);

/** The React 18 run really runs React 18: in the tests, in the kit, in Testing Library and in React Query. */
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import { useState, version as reactVersion } from 'react';
import { version as domVersion } from 'react-dom';
import { expect, it } from 'vitest';

it('imports React 18 and ReactDOM 18', () => {
  expect(reactVersion).toMatch(/^18\./);
  expect(domVersion).toMatch(/^18\./);
});

it('renders through @testing-library/react with the same React (hooks work)', () => {
  function Counter() {
    const [count] = useState(18);
    return <p>React {count}</p>;
  }
  render(<Counter />);
  expect(screen.getByText('React 18')).toBeInTheDocument();
});

it('shares that React with @tanstack/react-query', () => {
  const client = new QueryClient();
  const { result } = renderHook(() => useQueryClient(), {
    wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  expect(result.current).toBe(client);
});

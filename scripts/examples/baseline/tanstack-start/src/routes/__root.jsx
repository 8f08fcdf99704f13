// A TanStack Start page without the kit: what the host loads for any page (React, the router,
// Start's client, Link for the header's links).
import { createRootRoute, HeadContent, Link, Outlet, Scripts } from '@tanstack/react-router';

export const Route = createRootRoute({
  head: () => ({ meta: [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }, { title: 'baseline' }] }),
  shellComponent: RootDocument,
  component: RootLayout,
});

function RootDocument({ children }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function RootLayout() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to="/">Home</Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

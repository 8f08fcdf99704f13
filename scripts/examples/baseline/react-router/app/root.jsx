// A React Router page without the kit: what the host loads for any page (React, the router and
// its server-rendered route modules, NavLink for the header's links), with the template's home
// page and stylesheet (copied from examples/scaffolds/react-router by size.ts).
import { Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration } from 'react-router';
import './app.css';

export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          <NavLink to="/" end>Home</NavLink>
        </nav>
      </header>
      <Outlet />
    </>
  );
}

// A Next.js page without the kit: what the host loads for any page (framework, React, router,
// next/link for the header's links, as the example's layout has them), with create-next-app's
// page and stylesheet (copied from examples/scaffolds/nextjs by size.ts).
import Link from 'next/link';
import './globals.css';

export const metadata = { title: 'baseline' };

export default function RootLayout({ children }) {
  return (
    <html lang="en" className="h-full antialiased">
      <body className="min-h-full flex flex-col">
        <header>
          <nav aria-label="Main">
            <Link href="/">Home</Link>
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}

// A Next.js page without the kit: what the host loads for any page (framework, React, router,
// next/link for the header's links, as the example's layout has them).
import Link from 'next/link';

export const metadata = { title: 'baseline' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <header>
          <nav aria-label="Main">
            <Link href="/">Home</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

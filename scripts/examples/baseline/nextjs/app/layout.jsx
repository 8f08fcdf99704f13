// A Next.js page without the kit: what the host loads for any page (framework, React, router).
export const metadata = { title: 'baseline' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <header>
          <nav aria-label="Main">
            <a href="/">Home</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

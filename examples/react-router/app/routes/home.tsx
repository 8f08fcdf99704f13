import type { Route } from './+types/home';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'New React Router App' }, { name: 'description', content: 'Welcome to React Router!' }];
}

export default function Home() {
  return (
    <main className="flex items-center justify-center pt-16 pb-4">
      <div className="flex-1 flex flex-col items-center gap-8 min-h-0">
        <h1 className="text-3xl font-semibold text-gray-700 dark:text-gray-200">Welcome to React Router</h1>
        <p className="leading-6 text-gray-700 dark:text-gray-200">
          Edit <code>app/routes/home.tsx</code> to get started.
        </p>
      </div>
    </main>
  );
}

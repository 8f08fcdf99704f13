import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({ component: Home })

function Home() {
  return (
    <>
      <h1>Dashboard</h1>
      <p>The bell in the header was rendered on the server with its count; open it to read your notifications.</p>
    </>
  )
}

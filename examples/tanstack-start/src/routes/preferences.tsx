import { createFileRoute } from '@tanstack/react-router'
import { PreferencesPanel } from 'inbox-kit'

export const Route = createFileRoute('/preferences')({ component: Preferences })

function Preferences() {
  return (
    <main>
      <h1>Preferences</h1>
      <PreferencesPanel hideTitle />
    </main>
  )
}

// A resource route at /reference/*: the avatars of the built-in reference service (not needed with your deployment).
import { referenceAssets } from '../inbox.server';
import type { Route } from './+types/reference';

export const loader = ({ request }: Route.LoaderArgs) => referenceAssets(request);

import { referenceAssets } from '../../../lib/inbox';

export { referenceAssets as GET };

/**
 * What the guides' examples take from your app, standing in for it in the tests: a session read
 * from an `x-test-user` header, and an admin list.
 */
export async function getSession(request: Request): Promise<{ userId: string } | null> {
  const userId = request.headers.get('x-test-user');
  return userId ? { userId } : null;
}

export const isAdmin = (subscriberId: string) => subscriberId === 'sub_grace';

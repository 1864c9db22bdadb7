export default async function globalTeardown(): Promise<void> {
  const platform = (globalThis as { __PLATFORM__?: { stop(): Promise<void> } }).__PLATFORM__;
  await platform?.stop();
}

// Placeholder until the screens land (issue "Web app"): it proves the build
// and the server's SPA serving end to end.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem', maxWidth: '40rem' }}>
      <h1>Energy Tracker</h1>
      <p>Track your energy levels and get personalized insights</p>
    </main>
  );
}

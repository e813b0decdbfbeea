// Required by the App Router; no page uses it (the app has one route handler).
export default function RootLayout({ children }) {
  return children
}

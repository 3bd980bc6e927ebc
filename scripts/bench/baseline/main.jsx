// The page-speed bench's baseline: the least a React 19 page is, served like the shop's pages.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <main>
    <h1>Axle</h1>
    <p>A minimal React page, the baseline of the page-speed bench.</p>
  </main>,
);

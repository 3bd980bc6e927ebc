import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: {
    // react-toastify's default entry injects a <style> tag, which the CSP (style-src 'self')
    // blocks; its unstyled entry plus ReactToastify.css is the same library without that.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
});

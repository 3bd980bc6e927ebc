import 'react-toastify/ReactToastify.css';
import { useEffect } from 'react';
import * as toastify from 'react-toastify';
import { toastHostMounted } from '../../lib/toast.ts';

/** react-toastify's container; loaded only when a page shows its first toast (lib/toast.ts). */
export default function ToastHost() {
  // After the container's own effects: it is registered by the time the first toast is sent.
  useEffect(() => toastHostMounted(toastify), []);
  return <toastify.ToastContainer position="top-right" autoClose={5000} />;
}

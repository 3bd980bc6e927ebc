import { layoutText } from '../../../lib/strings/layout.ts';

export default function AddProductPage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.addProduct}</h2>;
}

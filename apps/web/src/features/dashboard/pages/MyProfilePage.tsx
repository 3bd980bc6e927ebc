import { layoutText } from '../../../lib/strings/layout.ts';

export default function MyProfilePage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.myProfile}</h2>;
}

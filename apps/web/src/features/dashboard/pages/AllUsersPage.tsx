import { layoutText } from '../../../lib/strings/layout.ts';

export default function AllUsersPage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.allUsers}</h2>;
}

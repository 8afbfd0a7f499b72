/** Placeholder: being written (issue "Investing"). */
import { data } from 'react-router';

export function loader() {
  return data(null, { status: 404 });
}

export default function DealInvestors() {
  return null;
}

import { useMutation } from '@tanstack/react-query';
import { getStudent } from '@/lib/student-lookup';
import { lookupWithProof } from '../proof-of-work/lookup-with-proof';

// The lookup lives in lib/ because the student screens refresh the student with it too.
export { getStudent };

export interface StudentCredentials {
  nationalID: string;
  /** Only where the page asks for it (STUDENT_SECOND_FACTOR=seatNo). */
  seatNo?: string;
}

export function useGetStudent() {
  return useMutation({
    mutationFn: ({ nationalID, seatNo }: StudentCredentials) => lookupWithProof(nationalID, seatNo),
  });
}

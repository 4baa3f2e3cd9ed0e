import { useMutation } from '@tanstack/react-query';
import { getStudent } from '@/lib/student-lookup';

// The lookup lives in lib/ because the student screens refresh the student with it too.
export { getStudent };

export function useGetStudent() {
  return useMutation({ mutationFn: getStudent });
}

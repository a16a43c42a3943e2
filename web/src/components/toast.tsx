import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** docs/product.md 9: a toast clears itself after this long. */
export const TOAST_DURATION_MS = 3000;

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

type ShowToast = (kind: Toast['kind'], text: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * One toast at a time, floating above the content (fixed, so nothing below
 * moves when it appears) and announced by a live region that is always present.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((kind, text) => {
    setToast({ id: nextId.current++, kind, text });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-[max(1rem,env(safe-area-inset-top))] z-50 flex justify-center px-4"
      >
        {toast && <ToastBanner key={toast.id} toast={toast} />}
      </div>
    </ToastContext.Provider>
  );
}

function ToastBanner({ toast }: { toast: Toast }) {
  const isError = toast.kind === 'error';
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-testid="toast"
      className={`pointer-events-auto flex max-w-md items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
        // The same deep shades in both schemes: white text on them stays above 4.5:1.
        isError ? 'bg-red-700 text-white' : 'bg-emerald-700 text-white'
      }`}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>{toast.text}</span>
    </div>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs <ToastProvider>');
  return show;
}

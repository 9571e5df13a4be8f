;; After a documented init.el: opens TEXTSVCD_FILE, lets eglot-ensure connect, waits for textsvcd's
;; diagnostics and writes "BEG END TEXT" lines to TEXTSVCD_OUT.
(find-file (getenv "TEXTSVCD_FILE"))
(run-hooks 'post-command-hook)
(let ((deadline (+ (float-time) 60)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.1)))
(let (lines)
  (dolist (d (flymake-diagnostics))
    (push (format "%d %d %s" (flymake-diagnostic-beg d) (flymake-diagnostic-end d) (flymake-diagnostic-text d)) lines))
  (with-temp-file (getenv "TEXTSVCD_OUT")
    (insert (mapconcat #'identity (sort lines #'string<) "\n") "\n")))
(let ((server (eglot-current-server)))
  (when server (eglot-shutdown server)))

-- After a documented init.lua has run: opens TEXTSVCD_NVIM_FILE, waits for textsvcd's diagnostics,
-- writes them to TEXTSVCD_NVIM_OUT as JSON, stops the language servers and quits.
local results = { ok = false }
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TEXTSVCD_NVIM_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  if not vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
    results.error = 'no diagnostics within 30 s'
    return
  end
  results.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(results.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col, source = d.source })
  end
  results.clients = {}
  for _, client in pairs(vim.lsp.get_active_clients()) do
    table.insert(results.clients, client.name)
  end
  vim.lsp.stop_client(vim.lsp.get_active_clients())
  vim.wait(10000, function() return #vim.lsp.get_active_clients() == 0 end, 20)
  results.ok = true
end)
if not ok then results.error = tostring(err) end
local file = io.open(os.getenv('TEXTSVCD_NVIM_OUT'), 'w')
file:write(vim.fn.json_encode(results))
file:close()
vim.cmd('qall!')

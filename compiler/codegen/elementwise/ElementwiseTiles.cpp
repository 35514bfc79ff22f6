// Tiles for the strided entry point on the GPU (ElementwiseEmitterImpl.h). A layout where an
// input runs down the second dimension (a transposed matrix added to a row-major one) makes the
// element-at-a-time loop read that input with a stride of a whole row per thread: a warp touches
// 32 rows for 128 bytes. With kTiled the runtime promises the extents divide into tiles of W
// rows by W columns (W = elements_per_thread), and each thread computes one tile: row-major
// arrays are read and written one W-vector per row, the transposed input one W-vector per
// column, so every access is a 16-byte vector; the other half of each 32-byte sector goes to the
// neighbouring tile row, which runs at the same time. (Tiles of 2W rows used whole sectors but
// took 128 registers for a three-input kernel, and the strided entry's other loops share them.)
// How each parameter is read comes from the layout's access words (KernelAbi.h).
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/elementwise/ElementwiseEmitterImpl.h"

namespace gpucc::elementwise_detail {

void ElementwiseEmitter::emit_tile_load(int param, llvm::Value* corner, llvm::AllocaInst* tile) {
    const kir::Param& info = instance_.params[param];
    llvm::Type* element = storage_type(info.type);
    llvm::Type* i64 = builder_.getInt64Ty();
    const int width = elements_per_thread(instance_);
    const int rows = width;
    const int operand = operand_of_param_[param];
    const int operands = loop_operand_count(instance_);
    llvm::Value* access = indexer_word(kIndexerStrideWord + operands * kIndexerDims + operand);
    llvm::Value* stride0 = operand_stride(operand, builder_.getInt64(0));
    llvm::Value* stride1 = operand_stride(operand, builder_.getInt64(1));
    llvm::Type* tile_type = llvm::ArrayType::get(element, static_cast<std::uint64_t>(rows * width));
    auto slot = [&](int row, int column) {
        return builder_.CreateConstInBoundsGEP2_64(
            tile_type, tile, 0, static_cast<std::uint64_t>(row * width + column));
    };
    auto address = [&](llvm::Value* offset) {
        return builder_.CreateGEP(element, param_pointers_[param],
                                  builder_.CreateAdd(corner, offset));
    };
    auto row_offset = [&](int row) {
        return builder_.CreateMul(builder_.getInt64(static_cast<std::uint64_t>(row)), stride1);
    };
    llvm::Type* vector = llvm::FixedVectorType::get(element, static_cast<unsigned>(width));
    const llvm::Align vector_align(static_cast<std::uint64_t>(width) * size_in_bytes(info.type));

    llvm::BasicBlock* join = new_block("tile.loaded");
    llvm::BasicBlock* rows_block = new_block("tile.rows");
    llvm::BasicBlock* columns_block = new_block("tile.columns");
    llvm::BasicBlock* broadcast_block = new_block("tile.broadcast");
    llvm::BasicBlock* elements_block = new_block("tile.elements");
    llvm::SwitchInst* choose = builder_.CreateSwitch(access, elements_block, 3);
    choose->addCase(builder_.getInt64(kTileRows), rows_block);
    choose->addCase(builder_.getInt64(kTileColumns), columns_block);
    choose->addCase(builder_.getInt64(kTileBroadcast), broadcast_block);

    builder_.SetInsertPoint(rows_block);
    for (int row = 0; row < rows; ++row) {
        llvm::Value* loaded =
            builder_.CreateAlignedLoad(vector, address(row_offset(row)), vector_align);
        for (int column = 0; column < width; ++column) {
            builder_.CreateStore(
                builder_.CreateExtractElement(loaded, static_cast<std::uint64_t>(column)),
                slot(row, column));
        }
    }
    builder_.CreateBr(join);

    builder_.SetInsertPoint(columns_block);
    for (int column = 0; column < width; ++column) {
        llvm::Value* column_offset =
            builder_.CreateMul(builder_.getInt64(static_cast<std::uint64_t>(column)), stride0);
        for (int chunk = 0; chunk < rows / width; ++chunk) {
            // Down the column the stride is 1: W consecutive elements, W rows of the tile.
            llvm::Value* offset = builder_.CreateAdd(
                column_offset,
                llvm::ConstantInt::get(i64, static_cast<std::uint64_t>(chunk * width)));
            llvm::Value* loaded = builder_.CreateAlignedLoad(vector, address(offset), vector_align);
            for (int lane = 0; lane < width; ++lane) {
                builder_.CreateStore(
                    builder_.CreateExtractElement(loaded, static_cast<std::uint64_t>(lane)),
                    slot(chunk * width + lane, column));
            }
        }
    }
    builder_.CreateBr(join);

    builder_.SetInsertPoint(broadcast_block);
    for (int row = 0; row < rows; ++row) {
        llvm::Value* loaded = builder_.CreateLoad(element, address(row_offset(row)));
        for (int column = 0; column < width; ++column) {
            builder_.CreateStore(loaded, slot(row, column));
        }
    }
    builder_.CreateBr(join);

    builder_.SetInsertPoint(elements_block);
    for (int row = 0; row < rows; ++row) {
        for (int column = 0; column < width; ++column) {
            llvm::Value* offset = builder_.CreateAdd(
                row_offset(row),
                builder_.CreateMul(builder_.getInt64(static_cast<std::uint64_t>(column)), stride0));
            builder_.CreateStore(builder_.CreateLoad(element, address(offset)), slot(row, column));
        }
    }
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
}

void ElementwiseEmitter::emit_strided_tile_loop(const std::vector<InputForm>& forms) {
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    const int width = elements_per_thread(instance_);
    const int rows = width;
    const std::size_t count = instance_.params.size();
    llvm::Value* extent0 = builder_.CreateTrunc(indexer_word(kIndexerShapeWord), i32);
    llvm::Value* extent1 = builder_.CreateTrunc(indexer_word(kIndexerShapeWord + 1), i32);
    llvm::Value* tiles_across = builder_.CreateUDiv(extent0, builder_.getInt32(width));
    llvm::Value* tiles_down = builder_.CreateUDiv(extent1, builder_.getInt32(rows));
    llvm::Value* tiles_per_plane = builder_.CreateMul(tiles_across, tiles_down);
    llvm::Value* tiles =
        builder_.CreateUDiv(loop_size_, llvm::ConstantInt::get(i64, rows * width), "tiles");

    // Stack arrays for each array parameter's tile; SROA keeps them in registers.
    llvm::Function* function = builder_.GetInsertBlock()->getParent();
    llvm::IRBuilder<> entry_builder(&function->getEntryBlock(),
                                    function->getEntryBlock().getFirstInsertionPt());
    std::vector<llvm::AllocaInst*> tile_of(count, nullptr);
    for (std::size_t p = 0; p < count; ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.is_raw || forms[p] == InputForm::Scalar) {
            continue;
        }
        tile_of[p] = entry_builder.CreateAlloca(
            llvm::ArrayType::get(storage_type(param.type),
                                 static_cast<std::uint64_t>(rows * width)),
            nullptr, param.name + ".tile");
    }

    llvm::Value* tid = thread_index();
    llvm::Value* nthreads = thread_count();
    // One tile per iteration, grid-stride.
    auto emit_tile = [&](llvm::Value* tile, llvm::BasicBlock*) {
        // The tile's corner: plane (the outer dimensions), tile row, tile column.
        llvm::Value* t = builder_.CreateTrunc(tile, i32);
        llvm::Value* plane = builder_.CreateUDiv(t, tiles_per_plane);
        llvm::Value* in_plane = builder_.CreateSub(t, builder_.CreateMul(plane, tiles_per_plane));
        llvm::Value* tile_row = builder_.CreateUDiv(in_plane, tiles_across);
        llvm::Value* tile_column =
            builder_.CreateSub(in_plane, builder_.CreateMul(tile_row, tiles_across));
        llvm::Value* first_row =
            builder_.CreateAdd(builder_.CreateMul(plane, extent1),
                               builder_.CreateMul(tile_row, builder_.getInt32(rows)));
        llvm::Value* corner_index = builder_.CreateZExt(
            builder_.CreateAdd(builder_.CreateMul(first_row, extent0),
                               builder_.CreateMul(tile_column, builder_.getInt32(width))),
            i64, "corner");
        decompose_index(corner_index, true);
        std::vector<llvm::Value*> corner = element_offsets_;

        for (std::size_t p = 0; p < count; ++p) {
            if (tile_of[p] == nullptr) {
                continue;
            }
            if (forms[p] != InputForm::Unknown) {
                emit_tile_load(static_cast<int>(p), corner[p], tile_of[p]);
                continue;
            }
            // A scalar in an unspecialized slot: nothing to load, the element takes the value.
            llvm::BasicBlock* load_block = new_block("tile.array");
            llvm::BasicBlock* join = new_block("tile.input.done");
            builder_.CreateCondBr(builder_.CreateIsNull(param_pointers_[p]), join, load_block);
            builder_.SetInsertPoint(load_block);
            emit_tile_load(static_cast<int>(p), corner[p], tile_of[p]);
            builder_.CreateBr(join);
            builder_.SetInsertPoint(join);
        }

        llvm::Value* extent0_wide = builder_.CreateZExt(extent0, i64);
        for (int row = 0; row < rows; ++row) {
            for (int column = 0; column < width; ++column) {
                const auto position = static_cast<std::uint64_t>(row * width + column);
                element_.assign(count, {});
                for (std::size_t p = 0; p < count; ++p) {
                    const kir::Param& param = instance_.params[p];
                    if (param.is_raw) {
                        continue;
                    }
                    llvm::Value* stored = nullptr;
                    if (tile_of[p] != nullptr) {
                        llvm::Type* tile_type = tile_of[p]->getAllocatedType();
                        stored = builder_.CreateLoad(storage_type(param.type),
                                                     builder_.CreateConstInBoundsGEP2_64(
                                                         tile_type, tile_of[p], 0, position));
                    }
                    if (param.role == kir::ParamRole::Input) {
                        if (forms[p] == InputForm::Scalar) {
                            element_[p].value = scalar_values_[p];
                        } else {
                            llvm::Value* value = from_storage(stored, param.type);
                            if (forms[p] == InputForm::Unknown) {
                                value =
                                    builder_.CreateSelect(builder_.CreateIsNull(param_pointers_[p]),
                                                          scalar_values_[p], value);
                            }
                            element_[p].value = value;
                        }
                    } else {
                        builder_.CreateStore(from_storage(stored, param.type), output_slots_[p]);
                        element_[p].slot = output_slots_[p];
                    }
                }
                llvm::Value* index = builder_.CreateAdd(
                    corner_index,
                    builder_.CreateAdd(
                        builder_.CreateMul(builder_.getInt64(static_cast<std::uint64_t>(row)),
                                           extent0_wide),
                        builder_.getInt64(static_cast<std::uint64_t>(column))));
                emit_body_for_element(index);
                for (std::size_t p = 0; p < count; ++p) {
                    if (element_[p].slot == nullptr) {
                        continue;
                    }
                    ScalarType type = instance_.params[p].type;
                    llvm::Type* tile_type = tile_of[p]->getAllocatedType();
                    builder_.CreateStore(
                        to_storage(builder_.CreateLoad(register_type(type), element_[p].slot),
                                   type),
                        builder_.CreateConstInBoundsGEP2_64(tile_type, tile_of[p], 0, position));
                }
            }
        }
        // Outputs are row-major in a tiled layout: one vector store per row.
        for (std::size_t p = 0; p < count; ++p) {
            const kir::Param& param = instance_.params[p];
            if (param.is_raw || param.role != kir::ParamRole::Output) {
                continue;
            }
            llvm::Type* element = storage_type(param.type);
            llvm::Type* tile_type = tile_of[p]->getAllocatedType();
            llvm::Value* stride1 = operand_stride(operand_of_param_[p], builder_.getInt64(1));
            const llvm::Align align(static_cast<std::uint64_t>(width) * size_in_bytes(param.type));
            for (int row = 0; row < rows; ++row) {
                llvm::Value* vector = llvm::PoisonValue::get(
                    llvm::FixedVectorType::get(element, static_cast<unsigned>(width)));
                for (int column = 0; column < width; ++column) {
                    llvm::Value* value = builder_.CreateLoad(
                        element, builder_.CreateConstInBoundsGEP2_64(
                                     tile_type, tile_of[p], 0,
                                     static_cast<std::uint64_t>(row * width + column)));
                    vector = builder_.CreateInsertElement(vector, value,
                                                          static_cast<std::uint64_t>(column));
                }
                llvm::Value* offset = builder_.CreateAdd(
                    corner[p], builder_.CreateMul(
                                   builder_.getInt64(static_cast<std::uint64_t>(row)), stride1));
                builder_.CreateAlignedStore(
                    vector, builder_.CreateGEP(element, param_pointers_[p], offset), align);
            }
        }
    };
    emit_counted_loop(builder_, element_loop(tid, tiles, nthreads, "tile", "tile"), emit_tile);
}

} // namespace gpucc::elementwise_detail
